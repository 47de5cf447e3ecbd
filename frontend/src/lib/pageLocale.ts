// Imported first by main.ts, so every module after it (and uPlot, loaded
// later) sees a valid navigator.language. See lib/locale.ts.
import { installPageLocale } from './locale'

installPageLocale()
