/** Field limits shared by server validation and client forms. */
export const limits = {
  userName: { min: 3, max: 15 },
  password: { min: 6, max: 128 },
  email: { max: 254 },
  bio: { max: 128 },
  realName: { max: 128 },
  stdNumber: { max: 64 },
  phone: { max: 32 },
  /** Avatar, logo and poster uploads. */
  imageBytes: 3 * 1024 * 1024,
  postTitle: { max: 50 },
  captchaAnswer: { max: 4096 },
  /** Opaque tokens from mail links. */
  linkToken: { max: 1024 },
  /** Flag submissions a team (any of its members) may send per window; the challenge view shows it. */
  teamSubmissions: { limit: 10, windowSeconds: 10 },
} as const;

/** Image types accepted for upload (the spec's list). */
export const ALLOWED_IMAGE_TYPES = [
  'image/png',
  'image/gif',
  'image/jpeg',
  'image/webp',
  'image/avif',
  'image/heic',
] as const;
