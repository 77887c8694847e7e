'use server'

import { publicAction } from '@/lib/boundary/actions/action'
import { confirmSignUpForm } from '@/lib/services/users/forms'

/** Uses a mailed sign-up link: creates the account and its organisation or membership. */
export const confirmSignUpAction = publicAction(confirmSignUpForm)
