export function paypalStandin(
  request: Request,
  url: URL,
  options?: { approveBase?: string; clientId?: string; secret?: string; webhookId?: string },
): Promise<Response>;
