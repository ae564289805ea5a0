// Package mobile is the binding package for ebitenmobile: `make android` and `make ios` bind it
// into an Android library (.aar) and an iOS framework (.xcframework) that the projects under
// mobile/android and mobile/ios embed.
//
// On Android and iOS, init registers the game with ebiten/mobile.SetGame. The game itself is made
// lazily, on its first update, so that the app can call SetFilesDir first. The functions below are
// what the apps call (gobind names them Mobile.setFilesDir, Mobile.suspend, ... in Java and
// MobileSetFilesDir, MobileSuspend, ... in Objective-C/Swift).
//
// Desktop and web code never import this package: ebiten/mobile.SetGame panics outside Android/iOS.
package mobile

// SetFilesDir sets the folder where the game keeps its settings and autosave (Android:
// getFilesDir().getAbsolutePath(); iOS: the Application Support folder). Call it before the game
// view starts; later calls are ignored once the game is made.
func SetFilesDir(dir string) { theApp.setDir(dir) }

// SetLocale names the device's language as a BCP 47 tag (Android:
// Locale.getDefault().toLanguageTag(); iOS: Locale.preferredLanguages.first): the game's language
// until the settings choose one. Without it the game starts in English. Call it before the game
// view starts; later calls are ignored once the game is made.
func SetLocale(tag string) { theApp.setLocale(tag) }

// Suspend pauses the game and autosaves it. Call it when the app goes to the background (Android:
// Activity.onPause, before EbitenView.suspendGame; iOS: sceneWillResignActive / applicationWillResignActive).
func Suspend() { theApp.suspend() }

// Resume ends a Suspend (Android: Activity.onResume, after EbitenView.resumeGame; iOS:
// sceneDidBecomeActive / applicationDidBecomeActive).
func Resume() { theApp.resume() }

// Back handles the Android back button: during a game it opens the in-game menu and returns true;
// it returns false when the app should do the default (leave), e.g. on the main menu.
func Back() bool { return theApp.back() }

// Dummy does nothing. It exists so that the bound library always has a symbol that apps can
// reference to make sure this package's init (which registers the game) runs.
func Dummy() {}
