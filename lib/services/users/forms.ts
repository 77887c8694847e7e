import 'server-only'
import { z } from 'zod'
import { definePublicAction } from '../../boundary/actions/define'
import { confirmSignUp, requestSignUp } from './sign-up'
import { emailField, passwordField, personNameField, tenantNameField } from './schemas'

/**
 * The sign-up form: name, email, password and the new organisation's name. It mails a confirmation
 * link (nothing is created before it is used) and answers the same whether the address has an account.
 */
export const signUpForm = definePublicAction({
  schema: z.object({ name: personNameField, email: emailField, password: passwordField, tenantName: tenantNameField }),
  handler: (input, viewer) => requestSignUp({ ...input, address: viewer.address ?? 'unknown' }),
})

/** Confirms an address with the token of the mailed link; creates the account (and its organisation or membership). */
export const confirmSignUpForm = definePublicAction({
  schema: z.object({
    token: z
      .string({ error: 'Missing confirmation token.' })
      .trim()
      .min(16, 'That confirmation link is incomplete.')
      .max(128, 'That is not a confirmation link.'),
  }),
  handler: async (input) => {
    const confirmed = await confirmSignUp(input.token)
    return { email: confirmed.email }
  },
})
