import { createLocale, darkTheme, enUS, type GlobalThemeOverrides, type NLocale } from 'naive-ui'

// One accent, quiet surfaces: the data should stand out, not the chrome.
const common = {
  fontFamily: 'var(--cd-font)', // styles/base.css
  fontFamilyMono: 'var(--cd-mono)',
  borderRadius: '6px',
  borderRadiusSmall: '4px',
  fontSize: '13px',
  fontSizeMedium: '13px',
}

export const lightOverrides: GlobalThemeOverrides = {
  common: {
    ...common,
    primaryColor: '#2f5bea',
    primaryColorHover: '#4a72f0',
    primaryColorPressed: '#2449c4',
    primaryColorSuppl: '#4a72f0',
    bodyColor: '#f6f7f9',
    cardColor: '#ffffff',
    dividerColor: '#e6e8ec',
    borderColor: '#dfe2e7',
  },
  Layout: { siderColor: '#ffffff', headerColor: '#ffffff', color: '#f6f7f9' },
}

export const darkOverrides: GlobalThemeOverrides = {
  common: {
    ...common,
    primaryColor: '#6b8cff',
    primaryColorHover: '#87a1ff',
    primaryColorPressed: '#5173f0',
    primaryColorSuppl: '#87a1ff',
    bodyColor: '#111317',
    cardColor: '#171a1f',
    dividerColor: '#262a31',
    borderColor: '#2c3139',
  },
  Layout: { siderColor: '#15181d', headerColor: '#15181d', color: '#111317' },
}

export { darkTheme }

/**
 * The UI kit's English with its filler placeholders taken out: an empty
 * number field says nothing rather than "Please Input", and a field that
 * needs a hint sets its own.
 */
export const appLocale: NLocale = createLocale(
  {
    Input: { placeholder: '' },
    InputNumber: { placeholder: '' },
    Select: { placeholder: 'Choose…' },
    Cascader: { placeholder: 'Choose…' },
  },
  enUS,
)
