/** The example one-inch photo: a head-and-shoulders outline on a plain light background. */
export function PhotoExample({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 295 413" className={className} role="img" aria-label="证件照示例">
      <rect width="295" height="413" fill="#e8f1ff" />
      <circle cx="147.5" cy="160" r="72" fill="#9fb8d9" />
      <path d="M28 413c0-88 54-150 119.5-150S267 325 267 413z" fill="#9fb8d9" />
      <rect x="0" y="363" width="295" height="50" fill="rgba(0,107,253,0.75)" />
      <text x="147.5" y="396" textAnchor="middle" fontSize="26" fill="#fff">示例</text>
    </svg>
  );
}
