/** A message in place of the report: no data, unreadable data, or a view that failed. */
export function Notice({
  tone,
  title,
  detail,
}: {
  readonly tone: 'plain' | 'error';
  readonly title: string;
  readonly detail: string;
}) {
  return (
    <div
      class={tone === 'error' ? 'notice error' : 'notice'}
      data-testid="notice"
      role={tone === 'error' ? 'alert' : 'status'}
    >
      <h1>{title}</h1>
      <p class="muted">{detail}</p>
    </div>
  );
}
