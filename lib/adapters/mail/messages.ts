/**
 * The mails the product sends, as plain text. Pure: the caller passes the links, so the same words are
 * used whether the mail goes over SMTP or waits in the outbox for the development viewer.
 */

/** A mail ready for the outbox. */
export type OutgoingMail = { to: string; subject: string; text: string; kind: MailKind }

/** What a mail is for (stored with it, shown by the mail viewer). */
export type MailKind = 'sign_up.confirm' | 'sign_up.existing_account' | 'invitation'

/** What the person asked for: a new organisation, or to join one by invitation. */
export type SignUpPurpose =
  { tenantName: string; invitedTo?: undefined } | { invitedTo: string; tenantName?: undefined }

function purposeLine(purpose: SignUpPurpose): string {
  return purpose.invitedTo
    ? `to join ${purpose.invitedTo} on Reflexion Studio`
    : `to create the organisation ${purpose.tenantName} on Reflexion Studio`
}

/** The mail with the link that proves the address and creates the account. */
export function confirmSignUpMail(input: {
  to: string
  purpose: SignUpPurpose
  confirmUrl: string
  expiresInHours: number
}): OutgoingMail {
  return {
    to: input.to,
    kind: 'sign_up.confirm',
    subject: 'Confirm your e-mail address for Reflexion Studio',
    text: [
      'Hello,',
      '',
      `Someone (we hope you) asked to create an account with this address ${purposeLine(input.purpose)}.`,
      'To confirm that this address is yours and create the account, open this link:',
      '',
      input.confirmUrl,
      '',
      `The link works once, for ${input.expiresInHours} hours. If you did not ask for this, ignore this mail: nothing is created without it.`,
    ].join('\n'),
  }
}

/** The mail to an address that already has an account, instead of telling the person who typed it. */
export function existingAccountMail(input: { to: string; purpose: SignUpPurpose; signInUrl: string }): OutgoingMail {
  return {
    to: input.to,
    kind: 'sign_up.existing_account',
    subject: 'You already have a Reflexion Studio account',
    text: [
      'Hello,',
      '',
      `Someone (maybe you) asked to create an account with this address ${purposeLine(input.purpose)},`,
      'but this address already has an account, so nothing was created.',
      '',
      input.purpose.invitedTo
        ? `If it was you, sign in with your existing account, then open the invitation link again to join ${input.purpose.invitedTo}:`
        : 'If it was you, sign in with your existing account:',
      '',
      input.signInUrl,
      '',
      'If you have forgotten your password, contact whoever runs this installation (there is no self-service reset yet).',
      'If it was not you, ignore this mail: nothing changed.',
    ].join('\n'),
  }
}

/** The invitation link, mailed to the address an invitation is bound to (the admin also sees it once). */
export function invitationMail(input: {
  to: string
  tenantName: string
  role: string
  invitationUrl: string
  expiresAt: Date
}): OutgoingMail {
  return {
    to: input.to,
    kind: 'invitation',
    subject: `You are invited to join ${input.tenantName} on Reflexion Studio`,
    text: [
      'Hello,',
      '',
      `An admin of ${input.tenantName} invited this address to join it on Reflexion Studio as ${input.role}.`,
      'Open this link to accept (sign in first if you already have an account):',
      '',
      input.invitationUrl,
      '',
      `The invitation works once, until ${input.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, and only for this address.`,
    ].join('\n'),
  }
}
