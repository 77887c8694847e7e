'use server'

import { publicAction } from '@/lib/boundary/actions/action'
import { signUpForm } from '@/lib/services/users/forms'

/** Asks for an account and organisation: mails the address a link that creates them (same answer for any address). */
export const signUpAction = publicAction(signUpForm)
