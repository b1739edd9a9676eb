/** §2: done when the announcement is linked to a project, otherwise pending. */
export function StatusIcon({ done }: { done: boolean }) {
  const label = done ? 'Converti en projet' : 'En cours';
  return (
    <svg
      role="img"
      aria-label={label}
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke={done ? '#60A694' : '#FF7C5D'}
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <title>{label}</title>
      {done ? (
        <path d="M5 12l5 5L20 7" />
      ) : (
        <>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" />
        </>
      )}
    </svg>
  );
}
