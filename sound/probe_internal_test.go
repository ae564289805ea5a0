//go:build !js && !android && !ios && !nimmtnoaudio

package sound

import (
	"strings"
	"testing"
)

// TestProbeNeedsProbeChild checks that a program whose main never called ProbeChild is not
// started again by the probe (the copy would run the whole program, or every test): it is silent.
func TestProbeNeedsProbeChild(t *testing.T) {
	was := probeReady.Load()
	t.Cleanup(func() { probeReady.Store(was) })
	probeReady.Store(false)
	if err := probe(); err == nil || !strings.Contains(err.Error(), "ProbeChild") {
		t.Errorf("probe without ProbeChild: %v, want an error naming ProbeChild", err)
	}
}
