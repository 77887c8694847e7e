import { z } from 'zod'

/**
 * Field rules shared by every form that names a person, an account or a tenant. Messages say
 * what is accepted, so a form can show them as they are.
 */
export const emailField = z
  .string({ error: 'Enter an email address.' })
  .trim()
  .min(1, 'Enter an email address.')
  .max(254, 'An email address has at most 254 characters.')
  .pipe(z.email({ error: 'Enter a valid email address, like name@example.com.' }))
  .transform((email) => email.toLowerCase())

/** A password: 12 to 200 characters. */
export const passwordField = z
  .string({ error: 'Enter a password.' })
  .min(12, 'Use at least 12 characters for the password.')
  .max(200, 'A password has at most 200 characters.')

/** A person's display name: 1 to 100 characters. */
export const personNameField = z
  .string({ error: 'Enter your name.' })
  .trim()
  .min(1, 'Enter your name.')
  .max(100, 'A name has at most 100 characters.')

/** A tenant (organisation) name: 2 to 80 characters. */
export const tenantNameField = z
  .string({ error: 'Enter a name for your organisation.' })
  .trim()
  .min(2, 'An organisation name has at least 2 characters.')
  .max(80, 'An organisation name has at most 80 characters.')
