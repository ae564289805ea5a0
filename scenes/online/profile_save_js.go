//go:build js

package online

// saveFile is not used in the browser, whose page downloads the file (Options.Download): it
// says so.
func (p *Profile) saveFile(string, []byte) (string, error) { return "", errNoFiles }
