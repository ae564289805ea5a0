package server

import (
	"net/http"
	"net/netip"
	"testing"
)

// TestClientAddr: the forwarding headers are believed only from a trusted proxy, read from the
// right past the trusted proxies; a client cannot name itself another address.
func TestClientAddr(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	for _, c := range []struct {
		peer    string
		headers map[string]string
		trusted []netip.Prefix
		want    string
	}{
		{"198.51.100.9:5000", map[string]string{"X-Forwarded-For": "203.0.113.7"}, nil, "198.51.100.9"},
		{"198.51.100.9:5000", map[string]string{"X-Forwarded-For": "203.0.113.7"}, trusted, "198.51.100.9"},
		{"10.0.0.2:5000", map[string]string{"X-Forwarded-For": "203.0.113.7"}, trusted, "203.0.113.7"},
		{"10.0.0.2:5000", map[string]string{"X-Forwarded-For": "1.2.3.4, 203.0.113.7, 10.0.0.3"}, trusted, "203.0.113.7"},
		{"10.0.0.2:5000", map[string]string{"X-Forwarded-For": "10.0.0.5"}, trusted, "10.0.0.2"},
		{"10.0.0.2:5000", map[string]string{"X-Forwarded-For": "junk"}, trusted, "10.0.0.2"},
		{"10.0.0.2:5000", nil, trusted, "10.0.0.2"},
		{"[::1]:5000", map[string]string{"Forwarded": `for=192.0.2.60;proto=https, for="[2001:db8:cafe::17]:4711"`}, trusted, "2001:db8:cafe::17"},
		{"[::1]:5000", map[string]string{"Forwarded": `for=192.0.2.60:80`}, trusted, "192.0.2.60"},
	} {
		r := &http.Request{RemoteAddr: c.peer, Header: http.Header{}}
		for k, v := range c.headers {
			r.Header.Set(k, v)
		}
		if got := clientAddr(r, c.trusted); got != c.want {
			t.Errorf("%s %v (trusted %v): %s; want %s", c.peer, c.headers, c.trusted != nil, got, c.want)
		}
	}
}
