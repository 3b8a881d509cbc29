// Chromium driven over the DevTools protocol directly (a pipe, `--remote-debugging-pipe`), with only the domains a
// measurement asks for. Why not Playwright here: Playwright enables the Runtime domain on every page it drives, and an
// enabled Runtime domain makes V8 capture a detailed stack trace, with source positions, at every throw that is not
// caught inside V8's own API. React throws during hydration by design (a lazy part suspends: hydrate-later.tsx), so
// the page paid 100–200 ms of re-parsing that a visitor's browser, with no DevTools attached, never pays (ADR 0097,
// "The lead, settled"). The browser journeys under test/browser keep Playwright: they check behaviour, not time.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const COMMAND_TIMEOUT_MS = 60_000;

/** One DevTools protocol connection over Chromium's pipe (fd 3 in, fd 4 out; each message ends with a NUL byte). */
class Connection {
  #nextId = 0;
  #waiting = new Map();
  #listeners = new Set();
  #closed = false;

  constructor(input, output) {
    this.input = input;
    let buffered = '';
    output.setEncoding('utf8');
    output.on('data', (chunk) => {
      buffered += chunk;
      let end;
      while ((end = buffered.indexOf('\0')) >= 0) {
        const message = JSON.parse(buffered.slice(0, end));
        buffered = buffered.slice(end + 1);
        this.#dispatch(message);
      }
    });
    output.on('close', () => this.#fail(new Error('Chromium closed its DevTools pipe')));
    input.on('error', (error) => this.#fail(error));
  }

  #dispatch(message) {
    if (message.id !== undefined) {
      const waiting = this.#waiting.get(message.id);
      if (!waiting) return;
      this.#waiting.delete(message.id);
      clearTimeout(waiting.timer);
      if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`));
      else waiting.resolve(message.result);
      return;
    }
    for (const listener of this.#listeners) listener(message);
  }

  #fail(error) {
    this.#closed = true;
    for (const waiting of this.#waiting.values()) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
    }
    this.#waiting.clear();
  }

  send(method, params = {}, sessionId = undefined) {
    if (this.#closed) return Promise.reject(new Error(`${method}: the DevTools connection is closed`));
    const id = ++this.#nextId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(id);
        reject(new Error(`${method}: no answer from Chromium in ${COMMAND_TIMEOUT_MS / 1000} s`));
      }, COMMAND_TIMEOUT_MS);
      this.#waiting.set(id, { resolve, reject, timer, method });
      this.input.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  }

  listen(listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/** A page: one target attached with its own session; events of that session only. */
class CdpPage {
  #handlers = new Map();

  constructor(connection, sessionId, targetId) {
    this.connection = connection;
    this.sessionId = sessionId;
    this.targetId = targetId;
    this.stopListening = connection.listen((message) => {
      if (message.sessionId !== sessionId) return;
      for (const handler of this.#handlers.get(message.method) ?? []) handler(message.params);
    });
  }

  send(method, params = {}) {
    return this.connection.send(method, params, this.sessionId);
  }

  on(event, handler) {
    if (!this.#handlers.has(event)) this.#handlers.set(event, new Set());
    this.#handlers.get(event).add(handler);
  }

  off(event, handler) {
    this.#handlers.get(event)?.delete(handler);
  }

  /** Navigates and waits for the load event; the HTTP status of the main document (redirects followed). */
  async goto(url, { timeoutMs = 45_000 } = {}) {
    let status = null;
    const onResponse = ({ type, frameId, response }) => {
      if (type === 'Document' && frameId === this.targetId) status = response.status;
    };
    let loaded;
    const load = new Promise((resolve) => { loaded = resolve; });
    this.on('Network.responseReceived', onResponse);
    this.on('Page.loadEventFired', loaded);
    try {
      const navigation = await this.send('Page.navigate', { url });
      if (navigation.errorText) throw new Error(`${url}: ${navigation.errorText}`);
      const timedOut = Symbol('timed out');
      if (await Promise.race([load, sleep(timeoutMs, timedOut, { ref: false })]) === timedOut) throw new Error(`${url}: no load event in ${timeoutMs / 1000} s`);
      return status;
    } finally {
      this.off('Network.responseReceived', onResponse);
      this.off('Page.loadEventFired', loaded);
    }
  }

  /**
   * A function's result in the page, by value. Runtime.evaluate answers without Runtime.enable, so it leaves V8's
   * stack capturing off (the reason for this class).
   */
  async evaluate(fn) {
    const { result, exceptionDetails } = await this.send('Runtime.evaluate', { expression: `(${fn})()`, returnByValue: true, awaitPromise: true });
    if (exceptionDetails) throw new Error(`In the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value;
  }

  async screenshot(file) {
    const { data } = await this.send('Page.captureScreenshot', { format: 'png' });
    writeFileSync(file, Buffer.from(data, 'base64'));
  }
}

/**
 * Chromium over a DevTools pipe. `newContext()` makes an isolated browser context (its own cookie jar and HTTP
 * cache: a cold view) with one page in it.
 */
export async function launchCdpChromium({ executablePath, args = [] }) {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-chromium-'));
  const child = spawn(executablePath, [...args, `--user-data-dir=${userDataDir}`, '--remote-debugging-pipe', 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text) => { stderr = (stderr + text).slice(-2000); });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const connection = new Connection(child.stdio[3], child.stdio[4]);
  let product;
  try {
    ({ product } = await connection.send('Browser.getVersion'));
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(userDataDir, { recursive: true, force: true });
    throw new Error(`Chromium did not start (${error.message}): ${stderr.trim()}`, { cause: error });
  }
  return {
    version: () => product.replace(/^[^/]*\//, ''),

    async newContext({ screen, userAgent, cookies = [], initScript = null } = {}) {
      const { browserContextId } = await connection.send('Target.createBrowserContext', { disposeOnDetach: true });
      const { targetId } = await connection.send('Target.createTarget', { url: 'about:blank', browserContextId });
      const { sessionId } = await connection.send('Target.attachToTarget', { targetId, flatten: true });
      const page = new CdpPage(connection, sessionId, targetId);
      if (cookies.length) await connection.send('Storage.setCookies', { cookies, browserContextId });
      await page.send('Page.enable');
      if (screen) {
        await page.send('Emulation.setDeviceMetricsOverride', {
          width: screen.width, height: screen.height, deviceScaleFactor: screen.deviceScaleFactor, mobile: true,
        });
        await page.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
      }
      if (userAgent) await page.send('Emulation.setUserAgentOverride', { userAgent });
      if (initScript) await page.send('Page.addScriptToEvaluateOnNewDocument', { source: `(${initScript})();` });
      return {
        page,
        async close() {
          page.stopListening();
          await connection.send('Target.disposeBrowserContext', { browserContextId }).catch(() => {});
        },
      };
    },

    async close() {
      await Promise.race([connection.send('Browser.close').catch(() => {}), sleep(5000, null, { ref: false })]);
      if (await Promise.race([exited, sleep(5000, 'running', { ref: false })]) === 'running') child.kill('SIGKILL');
      await exited;
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
