interface LogoProps {
  size?: number;
  url?: string | null;
}

/** The platform logo from the settings, or Flagpole's own mark. */
export function Logo({ size = 32, url }: LogoProps) {
  if (url) return <img src={url} alt="" width={size} height={size} style={{ objectFit: 'contain' }} />;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="16" fill="var(--mantine-primary-color-filled)" opacity="0.16" />
      <path d="M20 54V10" stroke="currentColor" strokeWidth="5" strokeLinecap="round" />
      <path d="M22 12h26l-6 9 6 9H22z" fill="var(--mantine-primary-color-filled)" />
    </svg>
  );
}
