export function portoneStandin(
  request: Request,
  url: URL,
  options?: { receiptBase?: string; key?: string; secret?: string },
): Promise<Response>;
