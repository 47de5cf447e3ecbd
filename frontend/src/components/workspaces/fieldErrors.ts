import type { ApiError, AuthType } from '@/api'

/** A field of the workspace dialog that an error can be shown next to. */
export type FormField = 'name' | 'host' | 'authType' | 'token' | 'clientId' | 'clientSecret' | 'caFile'

/**
 * Which field a backend error belongs to (null: the form as a whole). The
 * codes come from app/errors_workspaces*.go; a 401 names the secret the
 * chosen auth type uses.
 */
export function fieldFor(err: ApiError, authType: AuthType): FormField | null {
  switch (err.code) {
    case 'NAME_REQUIRED':
    case 'DUPLICATE_NAME':
      return 'name'
    case 'BAD_HOST':
    case 'DNS':
    case 'TLS':
    case 'NOT_A_WORKSPACE':
      return 'host'
    case 'UNKNOWN_AUTH_TYPE':
    case 'CLI_NOT_INSTALLED':
    case 'CLI_OUTDATED':
    case 'CLI_NOT_SIGNED_IN':
    case 'AZURE_CLI_NOT_INSTALLED':
    case 'AZURE_CLI_NOT_SIGNED_IN':
      return 'authType'
    case 'CLIENT_ID_REQUIRED':
      return 'clientId'
    case 'BAD_CA_FILE':
      return 'caFile'
    case 'MISSING_SECRET':
    case 'TOKEN_INVALID':
    case 'UNAUTHORIZED':
    case 'UNAUTHENTICATED':
      if (authType === 'pat') return 'token'
      if (authType === 'oauth-m2m') return 'clientSecret'
      return null
  }
  if (err.status === 401) return authType === 'oauth-m2m' ? 'clientSecret' : authType === 'pat' ? 'token' : null
  return null
}

/** The host and sign-in method a workspace's stored secret was saved for. */
export interface SavedSignIn {
  host: string
  authType: string
}

function originOf(host: string): string {
  const h = host.trim()
  try {
    return new URL(h.includes('://') ? h : `https://${h}`).origin.toLowerCase()
  } catch {
    return h.toLowerCase()
  }
}

/**
 * Why the stored secret cannot be kept (null: it can). The backend refuses
 * the same change (MISSING_SECRET); saying it before submit tells the user
 * why the field must be filled again.
 */
export function reentryReason(saved: SavedSignIn | null, host: string, authType: AuthType): string | null {
  if (!saved) return null
  if (originOf(saved.host) !== originOf(host)) {
    return 'The host changed: enter the secret again, so the stored one is not sent to the new host.'
  }
  if (saved.authType !== authType) return 'The sign-in method changed: enter its secret again.'
  return null
}

/** The secret field's placeholder: what is stored, or that it must be typed (again). */
export function secretPlaceholder(masked: string | undefined, what: string, reentry: string | null): string {
  if (reentry) return `Required again: paste the ${what}`
  return masked ? `Stored (${masked}). Leave empty to keep it.` : `Paste the ${what}`
}
