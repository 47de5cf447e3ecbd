import { describe, expect, it } from 'vitest'
import { ApiError } from '@/api'
import { fieldFor } from './fieldErrors'

const err = (code: string, status?: number) => new ApiError({ code, message: 'm', hint: 'h', status })

describe('fieldFor', () => {
  it.each([
    ['NAME_REQUIRED', 'pat', 'name'],
    ['DUPLICATE_NAME', 'pat', 'name'],
    ['BAD_HOST', 'pat', 'host'],
    ['DNS', 'oauth-u2m', 'host'],
    ['TLS', 'pat', 'host'],
    ['CLIENT_ID_REQUIRED', 'oauth-m2m', 'clientId'],
    ['UNAUTHENTICATED', 'pat', 'token'],
    ['UNAUTHORIZED', 'oauth-m2m', 'clientSecret'],
    ['MISSING_SECRET', 'pat', 'token'],
    ['UNAUTHORIZED', 'databricks-cli', null],
    ['TIMEOUT', 'pat', null],
    ['FORBIDDEN', 'pat', null],
    ['KEYCHAIN_UNAVAILABLE', 'pat', null],
    ['CLI_NOT_INSTALLED', 'databricks-cli', 'authType'],
    ['CLI_NOT_SIGNED_IN', 'databricks-cli', 'authType'],
    ['AZURE_CLI_NOT_SIGNED_IN', 'azure-cli', 'authType'],
  ] as const)('%s with %s goes to %s', (code, auth, field) => {
    expect(fieldFor(err(code), auth)).toBe(field)
  })

  it('uses the HTTP status when the API code is unknown', () => {
    expect(fieldFor(err('SOMETHING', 401), 'pat')).toBe('token')
  })
})
