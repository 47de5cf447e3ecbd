package app

// RecheckKeychain asks the OS keychain now (the banner's "Check again"),
// then reports its state as Keychain does. Keychain itself only reports
// what the keychain answered when a secret was last needed, so starting the
// app with only the demo never touches it (no unlock prompt).
func (w *Workspaces) RecheckKeychain() (KeychainView, error) {
	if err := w.ready(); err != nil {
		return KeychainView{}, err
	}
	_ = w.manager.ProbeKeychain(w.ctx) // the outcome is what Keychain reports
	return w.Keychain()
}
