package io.nimmt.app;

import android.app.Activity;
import android.os.Bundle;

import io.nimmt.mobile.EbitenView;
import io.nimmt.mobile.Mobile;

// MainActivity shows the game full screen. The Go side is the bind package nimmt/mobile
// (Java class io.nimmt.mobile.Mobile); its init registers the game with ebiten/mobile.
public class MainActivity extends Activity {
    private EbitenView view;

    @Override
    protected void onCreate(Bundle savedInstanceState) {
        super.onCreate(savedInstanceState);
        // Before the view starts the game: where settings.json and save.json live.
        Mobile.setFilesDir(getFilesDir().getAbsolutePath());
        // The game's language until its settings choose one.
        Mobile.setLocale(java.util.Locale.getDefault().toLanguageTag());
        setContentView(R.layout.activity_main);
        view = findViewById(R.id.ebitenview);
    }

    @Override
    protected void onPause() {
        super.onPause();
        Mobile.suspend(); // autosaves; the app may be killed in the background
        view.suspendGame();
    }

    @Override
    protected void onResume() {
        super.onResume();
        view.resumeGame();
        Mobile.resume();
    }

    // The back button opens the in-game menu during a game; on the main menu it leaves the app.
    @Override
    @SuppressWarnings("deprecation")
    public void onBackPressed() {
        if (!Mobile.back()) {
            super.onBackPressed();
        }
    }
}
