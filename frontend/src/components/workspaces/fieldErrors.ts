import type { ApiError, AuthType } from '@/api'

/** A field of the workspace dialog that an error can be shown next to. */
export type FormField = 'name' | 'host' | 'authType' | 'token' | 'clientId' | 'clientSecret'

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
    case 'MISSING_SECRET':
    case 'UNAUTHORIZED':
    case 'UNAUTHENTICATED':
      if (authType === 'pat') return 'token'
      if (authType === 'oauth-m2m') return 'clientSecret'
      return null
  }
  if (err.status === 401) return authType === 'oauth-m2m' ? 'clientSecret' : authType === 'pat' ? 'token' : null
  return null
}
