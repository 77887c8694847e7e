/** What a first run will do, for someone with no runs yet. */
export function FirstVisit() {
  return (
    <section
      aria-labelledby="first-visit-heading"
      data-testid="home-first-visit"
      className="rounded-lg border border-dashed border-indigo-300 bg-indigo-50 p-5"
    >
      <h2 id="first-visit-heading" className="text-base font-semibold text-slate-900">
        How a run learns
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        A run gives the agent several attempts at your task, and when an attempt scores below the threshold the agent
        writes a one-sentence lesson about what went wrong before it retries. Your later runs recall those lessons, so
        they start from what the earlier ones learned.
      </p>
    </section>
  )
}
