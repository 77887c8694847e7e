/** What a sign-up shows once it is sent: the same words whether or not the address already had an account. */
export function CheckYourMail({ email, message }: { email: string; message: string }) {
  return (
    <div role="status" data-testid="check-your-mail" className="space-y-2 text-sm text-slate-700">
      <p className="font-medium text-slate-900">{message}</p>
      <p>
        We wrote to <strong>{email}</strong>. Open the link in that mail to finish; it works for 24 hours. Nothing
        arrived? Look in your spam folder, or check the address and try again.
      </p>
    </div>
  )
}
