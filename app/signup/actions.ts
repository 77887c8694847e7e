'use server'

import { publicAction } from '@/lib/actions/action'
import { signUpForm } from '@/lib/users/forms'

/** Creates the account, the organisation and the admin membership. */
export const signUpAction = publicAction(signUpForm)
