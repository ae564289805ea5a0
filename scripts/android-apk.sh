#!/usr/bin/env bash
# android-apk.sh fetch|check — packages the Android app's resources and manifest into a signed APK
# with Debian's Android build tools, without the Android SDK or NDK (make test-mobile runs check).
#
#   fetch  downloads the tools' Debian packages (apt-get download: nothing is installed) and unpacks
#          them into $ANDROID_TOOLS (default build/android-tools); scripts/deps.sh android runs it.
#   check  aapt2 compiles mobile/android/app/src/main/res and links it with the manifest against
#          Debian's framework-res.apk (Android 10, API 29), zipalign aligns the APK, apksigner signs
#          it with a key made for this run (keytool, in the build folder; never committed) and
#          verifies the signature, and `aapt dump badging` / `aapt2 dump` check what a launcher
#          reads: the package, SDK levels and version from app/build.gradle, the label "6 nimmt!",
#          MainActivity as the launcher activity, the icon at every density (PNG sizes included)
#          and the adaptive icon's layers; every R.<type>.<name> MainActivity.java uses must exist.
#
# What this does NOT prove: the APK has no code. There is no android.jar (Debian main has none)
# to compile MainActivity.java or d8 to dex it, and no NDK to build nimmt.aar's native library
# (make android does, on a machine with the SDK). So it cannot show that the Java compiles against
# Android's API, that the Go library loads, or that the app starts on a device.
set -euo pipefail
cd "$(dirname "$0")/.."
TOOLS=${ANDROID_TOOLS:-build/android-tools}
OUT=${ANDROID_APK_OUT:-build/android-apk}
APP=mobile/android/app
PKGS="aapt android-framework-res android-libaapt android-libandroidfw android-libbacktrace
  android-libbase android-libcutils android-liblog android-libutils android-libziparchive
  libprotobuf-lite32 libexpat1 libpng16-16 p7zip-full zipalign libzopfli1 apksigner libapksig-java"
FRAMEWORK=$TOOLS/usr/share/android-framework-res/framework-res.apk

fail() { echo "android-apk: $*" >&2; exit 1; }

fetch() {
  [ -f "$TOOLS/usr/bin/aapt2" ] && [ -f "$FRAMEWORK" ] && [ -f "$TOOLS/usr/share/java/apksig.jar" ] && return 0
  command -v apt-get >/dev/null || fail "needs apt-get (Debian) to download $PKGS"
  local tmp; tmp=$(mktemp -d "${TMPDIR:-/tmp}/android-apk.XXXXXX")
  # shellcheck disable=SC2086
  if ! (cd "$tmp" && apt-get download $PKGS >log 2>&1); then
    # No package lists yet (a fresh machine): read them once and try again.
    local sudo=""; [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && sudo=sudo
    $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
    # shellcheck disable=SC2086
    (cd "$tmp" && apt-get download $PKGS >log 2>&1) || { cat "$tmp/log" >&2; rm -rf "$tmp"; fail "apt-get download failed"; }
  fi
  rm -rf "$TOOLS.part" && mkdir -p "$TOOLS.part"
  for f in "$tmp"/*.deb; do dpkg-deb -x "$f" "$TOOLS.part"; done
  rm -rf "$tmp" "$TOOLS" && mv "$TOOLS.part" "$TOOLS"
  echo "android-apk: Android build tools unpacked into $TOOLS"
}

# gradle KEY: the value of `KEY 'value'` or `KEY value` in app/build.gradle.
gradle() {
  local v; v=$(sed -n "s/^[[:space:]]*$1[[:space:]]*=\{0,1\}[[:space:]]*'\{0,1\}\([^' ]*\)'\{0,1\}[[:space:]]*$/\1/p" "$APP/build.gradle" | head -1)
  [ -n "$v" ] || fail "$APP/build.gradle has no $1"
  echo "$v"
}

# expect LINE FILE WHAT: FILE has exactly LINE as one of its lines.
expect() { grep -qxF -- "$1" "$2" || { cat "$2" >&2; fail "$3: no line \"$1\" in $2 (above)"; }; }

# pngsize FILE: "WxH" from the PNG header.
pngsize() { od -An -tu1 -j16 -N8 "$1" | awk '{ printf "%dx%d", $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8 }'; }

check() {
  fetch
  local abs; abs=$(cd "$TOOLS" && pwd)
  export LD_LIBRARY_PATH="$abs/usr/lib/x86_64-linux-gnu/android:$abs/usr/lib/x86_64-linux-gnu:$abs/usr/lib:$abs/usr/lib/p7zip${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  local bin=$abs/usr/bin java_cp=$abs/usr/share/java/apksigner.jar:$abs/usr/share/java/apksig.jar
  local ns appid minsdk targetsdk vcode vname
  ns=$(gradle namespace); appid=$(gradle applicationId); minsdk=$(gradle minSdk)
  targetsdk=$(gradle targetSdk); vcode=$(gradle versionCode); vname=$(gradle versionName)
  rm -rf "$OUT" && mkdir -p "$OUT"

  # The manifest is AGP-style (the package comes from build.gradle's namespace): aapt2 needs it in
  # the manifest, as the Android Gradle plugin adds it.
  grep -q '<manifest ' "$APP/src/main/AndroidManifest.xml" || fail "no <manifest> in $APP/src/main/AndroidManifest.xml"
  sed "s|<manifest |<manifest package=\"$ns\" |" "$APP/src/main/AndroidManifest.xml" >"$OUT/AndroidManifest.xml"
  "$bin/aapt2" compile --dir "$APP/src/main/res" -o "$OUT/res.zip"
  "$bin/aapt2" link -o "$OUT/unaligned.apk" -I "$FRAMEWORK" --manifest "$OUT/AndroidManifest.xml" \
    --rename-manifest-package "$appid" --min-sdk-version "$minsdk" --target-sdk-version "$targetsdk" \
    --version-code "$vcode" --version-name "$vname" --java "$OUT/gen" "$OUT/res.zip"
  "$bin/zipalign" -p -f 4 "$OUT/unaligned.apk" "$OUT/aligned.apk"

  # A throw-away signing key for this run only (EC: fast to make; the JVM's C1 compiler only: it
  # starts sooner).
  keytool -J-XX:TieredStopAtLevel=1 -genkeypair -keystore "$OUT/test.p12" -storetype PKCS12 \
    -storepass nimmt-test -alias test -keyalg EC -groupname secp256r1 -validity 1 \
    -dname "CN=nimmt make test-mobile" 2>/dev/null
  java -XX:TieredStopAtLevel=1 -cp "$java_cp" com.android.apksigner.ApkSignerTool sign \
    --ks "$OUT/test.p12" --ks-pass pass:nimmt-test --out "$OUT/nimmt.apk" "$OUT/aligned.apk"
  java -XX:TieredStopAtLevel=1 -cp "$java_cp" com.android.apksigner.ApkSignerTool verify \
    --min-sdk-version "$minsdk" "$OUT/nimmt.apk" || fail "apksigner verify refused $OUT/nimmt.apk"
  "$bin/zipalign" -c -p 4 "$OUT/nimmt.apk" >/dev/null || fail "$OUT/nimmt.apk is not 4-byte aligned"

  # What the launcher reads.
  "$bin/aapt" dump badging "$OUT/nimmt.apk" >"$OUT/badging.txt"
  expect "package: name='io.nimmt.app' versionCode='$vcode' versionName='$vname' platformBuildVersionName='10.0.0' compileSdkVersion='29' compileSdkVersionCodename='10.0.0'" "$OUT/badging.txt" package
  expect "sdkVersion:'$minsdk'" "$OUT/badging.txt" "minimum SDK"
  expect "targetSdkVersion:'$targetsdk'" "$OUT/badging.txt" "target SDK"
  expect "application-label:'6 nimmt!'" "$OUT/badging.txt" label
  expect "application: label='6 nimmt!' icon='res/mipmap-anydpi-v26/ic_launcher.xml'" "$OUT/badging.txt" "application icon"
  expect "launchable-activity: name='io.nimmt.app.MainActivity'  label='' icon=''" "$OUT/badging.txt" "launcher activity"
  [ "$(grep -c '^launchable-activity:' "$OUT/badging.txt")" -eq 1 ] || fail "more than one launcher activity"

  # The launcher icon: a PNG per density for Android 6-7 (48 dp), the adaptive icon for 8 and up
  # whose layers are the background colour and a 108 dp foreground PNG per density.
  "$bin/aapt2" dump resources "$OUT/nimmt.apk" >"$OUT/resources.txt"
  local dpi px=(mdpi:48 hdpi:72 xhdpi:96 xxhdpi:144 xxxhdpi:192) d n
  for d in "${px[@]}"; do
    n=${d#*:}; d=${d%%:*}
    expect "      ($d) (file) res/mipmap-$d-v4/ic_launcher.png type=PNG" "$OUT/resources.txt" "icon $d"
    expect "      ($d) (file) res/mipmap-$d-v4/ic_launcher_foreground.png type=PNG" "$OUT/resources.txt" "adaptive foreground $d"
    [ "$(pngsize "$APP/src/main/res/mipmap-$d/ic_launcher.png")" = "${n}x$n" ] || fail "mipmap-$d/ic_launcher.png is not ${n}x$n"
    n=$((n * 108 / 48))
    [ "$(pngsize "$APP/src/main/res/mipmap-$d/ic_launcher_foreground.png")" = "${n}x$n" ] || fail "mipmap-$d/ic_launcher_foreground.png is not ${n}x$n"
  done
  expect "      (anydpi-v26) (file) res/mipmap-anydpi-v26/ic_launcher.xml type=XML" "$OUT/resources.txt" "adaptive icon"
  "$bin/aapt2" dump xmltree --file res/mipmap-anydpi-v26/ic_launcher.xml "$OUT/nimmt.apk" >"$OUT/adaptive.txt"
  local layer want id
  for layer in background:color/ic_launcher_background foreground:mipmap/ic_launcher_foreground; do
    want=${layer#*:}; layer=${layer%%:*}
    id=$(grep -A1 "E: $layer " "$OUT/adaptive.txt" | sed -n 's/.*:drawable(0x01010199)=@\(0x[0-9a-f]*\)$/\1/p')
    [ -n "$id" ] || { cat "$OUT/adaptive.txt" >&2; fail "the adaptive icon has no $layer drawable"; }
    grep -qx "    resource $id $want" "$OUT/resources.txt" || fail "the adaptive icon's $layer is $id, not $want"
  done

  # Every resource MainActivity.java names exists in the generated R class.
  local ref r
  ref=$(grep -ho '\bR\.[a-z]*\.[A-Za-z0-9_]*' "$APP"/src/main/java/io/nimmt/app/*.java | sort -u)
  [ -n "$ref" ] || fail "no R.<type>.<name> in MainActivity.java"
  for r in $ref; do
    awk -v t="${r#R.}" 'BEGIN { split(t, p, ".") } /public static final class/ { c = $5 } c == p[1] && $0 ~ ("int " p[2] "=") { ok = 1 } END { exit !ok }' \
      "$OUT/gen/${ns//.//}/R.java" || fail "$r is used by MainActivity.java but is not a resource"
  done
  echo "android-apk: $OUT/nimmt.apk linked against framework-res (API 29), aligned, signed and verified; label, launcher activity and icons are right"
}

case "${1:-}" in
  fetch) fetch ;;
  check) check ;;
  *) echo "usage: $0 fetch|check" >&2; exit 2 ;;
esac
