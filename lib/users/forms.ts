import 'server-only'
import { z } from 'zod'
import { definePublicAction } from '../actions/define'
import { signUp } from './accounts'
import { emailField, passwordField, personNameField, tenantNameField } from './schemas'

/** The sign-up form: name, email, password and the new organisation's name. */
export const signUpForm = definePublicAction({
  schema: z.object({ name: personNameField, email: emailField, password: passwordField, tenantName: tenantNameField }),
  handler: async (input) => {
    const { tenantId } = await signUp(input)
    return { tenantId, email: input.email }
  },
})
