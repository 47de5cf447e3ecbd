/** The kinds of library a cluster or a policy installs, with the field that holds each one's coordinate or path. */
export interface LibraryKind {
  [key: string]: unknown
  value: string
  label: string
  main: string // field holding the coordinate or path ('' = the value itself)
  placeholder: string
  repo?: string
}
export const libraryKinds: LibraryKind[] = [
  { value: 'pypi', label: 'PyPI', main: 'package', placeholder: 'pandas==2.2.2', repo: 'index URL (optional)' },
  { value: 'maven', label: 'Maven', main: 'coordinates', placeholder: 'com.example:lib_2.12:1.0.0', repo: 'repository (optional)' },
  { value: 'cran', label: 'CRAN', main: 'package', placeholder: 'forecast', repo: 'repository (optional)' },
  { value: 'jar', label: 'JAR', main: '', placeholder: '/Volumes/catalog/schema/libs/lib.jar' },
  { value: 'whl', label: 'Wheel', main: '', placeholder: '/Volumes/catalog/schema/libs/pkg-1.0-py3-none-any.whl' },
  { value: 'requirements', label: 'Requirements file', main: '', placeholder: '/Workspace/Users/you/requirements.txt' },
]
