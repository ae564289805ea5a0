import Mobile // Mobile.xcframework, made by `make ios` from the Go package nimmt/mobile
import UIKit

// GameViewController is the view controller that ebitenmobile generates, full screen.
class GameViewController: MobileEbitenViewController {
    override var prefersStatusBarHidden: Bool { true }
    override var prefersHomeIndicatorAutoHidden: Bool { true }
}

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private let game = GameViewController()

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // Before the game starts: where settings.json and save.json live.
        let dir = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        MobileSetFilesDir(dir.path)
        // The game's language until its settings choose one.
        MobileSetLocale(Locale.preferredLanguages.first ?? "en")

        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = game
        window?.makeKeyAndVisible()
        return true
    }

    func applicationWillResignActive(_ application: UIApplication) {
        MobileSuspend() // autosaves; iOS may end the app in the background
        game.suspendGame()
    }

    func applicationDidBecomeActive(_ application: UIApplication) {
        game.resumeGame()
        MobileResume()
    }
}
