/**
 * Renders nothing but an error, so the error screen can be checked (end-to-end tests open /__error-test).
 * It reveals nothing and changes nothing, which is why it stays in production builds.
 */
export default function ErrorTestPage(): never {
  throw new Error('Deliberate error to show the error screen');
}
