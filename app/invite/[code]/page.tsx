import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { JoinAsSignedInUser, JoinWithNewAccount } from '@/components/auth/accept-invitation'
import { Card } from '@/components/ui/card'
import { getSession } from '@/lib/services/auth/session'
import { previewInvitation } from '@/lib/services/tenants/invitations'
import { acceptInvitationAction, acceptInvitationWithAccountAction } from './actions'
import { TextLink } from '@/components/ui/text-link'

export const metadata: Metadata = { title: 'Invitation', referrer: 'no-referrer' }

export default async function InvitationPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params
  const preview = code.length <= 128 ? await previewInvitation(code) : null
  if (!preview) notFound()
  const session = await getSession()
  const alreadyMember = session?.memberships.some(
    (membership) => membership.tenantName === preview.tenantName && preview.status !== 'valid',
  )
  return (
    <div className="mx-auto max-w-sm">
      <h1 className="mb-2 text-center text-2xl font-semibold tracking-tight">Join {preview.tenantName}</h1>
      <p className="mb-6 text-center text-sm text-slate-600">
        You are invited as <strong>{preview.role}</strong>.
      </p>
      {preview.status !== 'valid' ? (
        <Card>
          <p role="alert" className="text-sm text-slate-700">
            {preview.status === 'used' ? 'This invitation was already used.' : 'This invitation has expired.'} Ask an
            admin of {preview.tenantName} for a new one.
          </p>
          {alreadyMember ? (
            <Link href="/" className="mt-4 inline-block text-sm text-indigo-700 underline">
              Go to the home page
            </Link>
          ) : null}
        </Card>
      ) : session ? (
        <Card>
          <p className="mb-4 text-sm text-slate-700">You are signed in as {session.user.email}.</p>
          <JoinAsSignedInUser action={acceptInvitationAction} code={code} tenantName={preview.tenantName} />
        </Card>
      ) : (
        <>
          <Card>
            <JoinWithNewAccount action={acceptInvitationWithAccountAction} code={code} email={preview.email} />
          </Card>
          <p className="mt-4 text-center text-sm text-slate-600">
            Already have an account?{' '}
            <TextLink href={`/signin?callbackUrl=${encodeURIComponent(`/invite/${code}`)}`} className="font-medium">
              Sign in to join
            </TextLink>
          </p>
        </>
      )}
    </div>
  )
}
