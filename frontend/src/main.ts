// First: a valid navigator.language before any module reads it (lib/locale.ts).
import './lib/pageLocale'
import '@fontsource-variable/inter'
import './styles/base.css'
import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
import { router } from './router'

const app = createApp(App).use(createPinia()).use(router)
// Mount once the first route is settled. Until then vue-router does not
// follow URL changes, and its first navigation (waiting for a lazy view)
// would overwrite a link followed meanwhile (e.g. #/compute/new?policy=).
void router
  .isReady()
  .catch(() => undefined) // a failed first route still needs the shell
  .then(() => app.mount('#app'))
