export function paypalStandin(
  request: Request,
  url: URL,
  options?: { approveBase?: string; clientId?: string; secret?: string },
): Promise<Response>;
