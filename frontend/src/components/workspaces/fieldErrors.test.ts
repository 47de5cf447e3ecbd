import { describe, expect, it } from 'vitest'
import { ApiError } from '@/api'
import { fieldFor, reentryReason, secretPlaceholder } from './fieldErrors'

const err = (code: string, status?: number) => new ApiError({ code, message: 'm', hint: 'h', status })

describe('fieldFor', () => {
  it.each([
    ['NAME_REQUIRED', 'pat', 'name'],
    ['DUPLICATE_NAME', 'pat', 'name'],
    ['BAD_HOST', 'pat', 'host'],
    ['BAD_CA_FILE', 'pat', 'caFile'],
    ['DNS', 'oauth-u2m', 'host'],
    ['TLS', 'pat', 'host'],
    ['CLIENT_ID_REQUIRED', 'oauth-m2m', 'clientId'],
    ['UNAUTHENTICATED', 'pat', 'token'],
    ['TOKEN_INVALID', 'pat', 'token'],
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

describe('reentryReason', () => {
  const saved = { host: 'https://dbc-1.cloud.databricks.com', authType: 'pat' }
  it.each([
    ['not saved yet', null, saved.host, 'pat', null],
    ['unchanged', saved, saved.host, 'pat', null],
    ['same host, other spelling', saved, 'DBC-1.cloud.databricks.com/?o=1', 'pat', null],
    ['new host', saved, 'https://dbc-2.cloud.databricks.com', 'pat', 'host changed'],
    ['new sign-in method', saved, saved.host, 'oauth-m2m', 'sign-in method changed'],
  ] as const)('%s', (_, s, host, auth, says) => {
    const why = reentryReason(s, host, auth)
    if (says === null) expect(why).toBeNull()
    else expect(why).toContain(says)
  })

  it('the placeholder says the secret must be typed again', () => {
    expect(secretPlaceholder('dapi…89ab', 'token', 'The host changed')).toBe('Required again: paste the token')
    expect(secretPlaceholder('dapi…89ab', 'token', null)).toBe('Stored (dapi…89ab). Leave empty to keep it.')
  })
})
