// ESLint for the page: JavaScript, TypeScript and Vue recommended rules.
// Purely stylistic rules are off: the code keeps its own formatting.
import js from '@eslint/js'
import pluginVue from 'eslint-plugin-vue'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist/**', 'wailsjs/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      // Names and tags are untrusted text: never render them as HTML.
      'vue/no-v-html': 'error',
      // `const { [id]: _gone, ...rest } = map` drops a key on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
      // Formatting is left as written (these only move whitespace and attributes).
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-indent': 'off',
      'vue/html-closing-bracket-newline': 'off',
      'vue/first-attribute-linebreak': 'off',
      'vue/attributes-order': 'off',
      'vue/attribute-hyphenation': 'off',
      'vue/v-on-event-hyphenation': 'off',
      'vue/html-closing-bracket-spacing': 'off',
      'vue/mustache-interpolation-spacing': 'off',
      'vue/html-quotes': 'off',
    },
  },
  {
    // The generated bindings are reached through src/api's typed wrappers only.
    files: ['src/**/*.ts', 'src/**/*.vue'],
    ignores: ['src/api/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/wailsjs/**', 'wailsjs/**'], message: 'Import from @/api: only src/api wraps the generated bindings.' }] }],
    },
  },
)
