/** Mantine `styles` that set only the input text (not its label) in the monospace font, for codes and flags. */
export const monoInput = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } as const;
