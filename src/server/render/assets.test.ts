import { describe, expect, it } from 'vitest';
import { staticStylesheets, type ManifestEntry } from './assets';

describe('staticStylesheets', () => {
  // A built manifest's shape: the entry imports a shared chunk, which imports another; a screen is
  // imported dynamically and brings its own stylesheet when it loads.
  const manifest: Record<string, ManifestEntry> = {
    'src/config/main.tsx': {
      file: 'assets/config.js',
      isEntry: true,
      css: ['assets/config.css'],
      imports: ['_ui.js', '_react.js'],
      dynamicImports: ['src/config/editor.tsx'],
    },
    '_ui.js': { file: 'assets/ui.js', css: ['assets/ui.css'], imports: ['_dialog.js', '_react.js'] },
    '_dialog.js': { file: 'assets/dialog.js', css: ['assets/dialog.css'], imports: ['_ui.js'] },
    '_react.js': { file: 'assets/react.js' },
    'src/config/editor.tsx': { file: 'assets/editor.js', css: ['assets/editor.css'], imports: ['_ui.js'] },
  };

  it("links the stylesheets of every chunk the entry imports statically, imported chunks' first", () => {
    expect(staticStylesheets(manifest, 'src/config/main.tsx')).toEqual(['assets/dialog.css', 'assets/ui.css', 'assets/config.css']);
  });

  it('leaves a dynamically imported chunk to bring its own', () => {
    expect(staticStylesheets(manifest, 'src/config/main.tsx')).not.toContain('assets/editor.css');
  });
});
