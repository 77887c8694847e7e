import crypto from 'node:crypto'

/** A URL-safe, unique-enough slug for a tenant name: `acme-labs-3f9k2a`. */
export function tenantSlug(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // drop the accents NFKD split off
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
  return `${base || 'tenant'}-${crypto.randomBytes(4).toString('hex')}`
}
