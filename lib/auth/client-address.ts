/**
 * The header in which the custom server puts the client's socket address (overwriting any value
 * the client sent), so the per-address sign-in limit cannot be dodged by forging a header.
 */
export const CLIENT_ADDRESS_HEADER = 'x-reflexion-client-address'

/** The client address from request headers: ours first, then a proxy's X-Forwarded-For, else 'unknown'. */
export function clientAddressFrom(headers: Record<string, string | string[] | undefined> | Headers): string {
  const get = (name: string) =>
    (headers instanceof Headers ? headers.get(name) : [headers[name]].flat()[0]) ?? undefined
  return get(CLIENT_ADDRESS_HEADER) || get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown'
}
