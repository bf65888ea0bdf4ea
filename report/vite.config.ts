import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * Builds the report page as ONE file, `dist/report/report.html`, that opens from disk with no network:
 * every emitted script and stylesheet is inlined into the HTML and the separate files are dropped.
 * `toolgauge report --html` then fills the page's data element.
 */
const reportRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/report', import.meta.url));
const OUTPUT_FILE = 'report.html';

/** No network at all: inline scripts and styles only, images only as data URLs, nothing to connect to. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Text placed inside `<script>`/`<style>` must not close the element early. */
export function escapeInlineScript(code: string): string {
  return code.replace(/<\/(script)/gi, '<\\/$1');
}

export function escapeInlineStyle(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1');
}

function inlineIntoOneFile(): Plugin {
  return {
    name: 'toolgauge-report-single-file',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
          injectTo: 'head-prepend',
        },
      ],
    },
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset') {
        this.error('report build: index.html was not emitted');
      }
      let html = typeof page.source === 'string' ? page.source : new TextDecoder().decode(page.source);
      for (const [fileName, output] of Object.entries(bundle)) {
        if (fileName === 'index.html') continue;
        const name = escapeRegExp(fileName);
        if (output.type === 'chunk') {
          const tag = new RegExp(`<script\\b[^>]*\\bsrc="[^"]*${name}"[^>]*></script>`);
          if (!tag.test(html)) this.error(`report build: no <script> tag for ${fileName}`);
          // `async`: the script starts while the browser still reads the file (large reports put their
          // episode views after the data element; main.tsx waits for the data element itself).
          const inline = `<script type="module" async>${escapeInlineScript(output.code)}</script>`;
          html = html.replace(tag, () => inline);
        } else if (fileName.endsWith('.css')) {
          const tag = new RegExp(`<link\\b[^>]*\\bhref="[^"]*${name}"[^>]*>`);
          if (!tag.test(html)) this.error(`report build: no <link> tag for ${fileName}`);
          const css = typeof output.source === 'string' ? output.source : new TextDecoder().decode(output.source);
          html = html.replace(tag, () => `<style>${escapeInlineStyle(css)}</style>`);
        } else {
          this.error(`report build: cannot inline ${fileName}; the report must be one file`);
        }
        delete bundle[fileName];
      }
      delete bundle['index.html'];
      this.emitFile({ type: 'asset', fileName: OUTPUT_FILE, source: html });
    },
  };
}

export default defineConfig(({ command }) => ({
  root: reportRoot,
  /** The sample report is for the development server only; a build never contains it, whatever the mode. */
  define: { __REPORT_DEV_SAMPLE__: JSON.stringify(command === 'serve') },
  base: './',
  publicDir: false,
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [inlineIntoOneFile()],
  build: {
    outDir,
    // dist/report also holds the compiled src/report/*.js (tsc): never empty it; the build writes one file.
    emptyOutDir: false,
    assetsInlineLimit: Number.MAX_SAFE_INTEGER,
    cssCodeSplit: false,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: false } },
  },
}));
