#!/usr/bin/env node
/**
 * Makes the demo course films (assets/demo-films/*.webm) ONCE, so the demo needs no ffmpeg (issue 26, ADR 0041):
 * headless Chromium draws each film on a canvas (title cards per chapter, a moving figure, a progress bar) and records
 * it with MediaRecorder at a low bit rate. Run `node scripts/demo-films.mjs` after changing FILMS, then commit the files
 * and update DEMO_FILMS (src/modules/training/application/demo/demo-courses.ts) if the chapters or lengths changed.
 * Needs playwright-core and Debian's chromium (CHROMIUM_PATH to use another).
 */
/* global document, MediaRecorder, requestAnimationFrame -- the page.evaluate body runs in Chromium, not in Node */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/**
 * MediaRecorder's WebM has no Duration, so a player shows its length as Infinity until it has read the whole file (no
 * progress bar, no "90% watched"). This adds it to the Segment's Info element: Duration (0x4489) as a 64-bit float in
 * TimecodeScale units (Chrome writes 1 ms). The Segment's own size is "unknown" in a recording, so only Info's changes.
 */
function withDuration(webm, seconds) {
  const INFO = Buffer.from([0x15, 0x49, 0xa9, 0x66]);
  const at = webm.indexOf(INFO);
  if (at < 0) throw new Error('No Info element in the recording.');
  const first = webm[at + 4];
  const length = 8 - Math.floor(Math.log2(first)); // a vint's length is its leading zero bits + 1
  let size = first & (0xff >> length);
  for (let i = 1; i < length; i += 1) size = size * 256 + webm[at + 4 + i];
  const start = at + 4 + length;
  const duration = Buffer.alloc(11);
  duration.set([0x44, 0x89, 0x88]);
  duration.writeDoubleBE(seconds * 1000, 3);
  const newSize = Buffer.alloc(8);
  newSize.writeBigUInt64BE(BigInt(size + duration.length) | (1n << 56n)); // 8-byte vint: 0x01 then 7 bytes
  return Buffer.concat([webm.subarray(0, at + 4), newSize, webm.subarray(start, start + size), duration, webm.subarray(start + size)]);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FILMS = [
  { file: 'safe-lifting.webm', colour: '#0f7b6c', seconds: 24, chapters: [['Before you lift', 0], ['Lifting well', 8], ['Carrying and setting down', 16]] },
  { file: 'fire-safety.webm', colour: '#b03a2e', seconds: 24, chapters: [['Fire needs three things', 0], ['Raising the alarm', 9], ['Leaving safely', 17]] },
  { file: 'workplace-hazards.webm', colour: '#1d4e89', seconds: 20, chapters: [['Spotting hazards', 0], ['Reporting them', 10]] },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  await page.setContent('<canvas width="640" height="360"></canvas>');
  for (const film of FILMS) {
    const base64 = await page.evaluate(async ({ colour, seconds, chapters }) => {
      const canvas = document.querySelector('canvas');
      const g = canvas.getContext('2d');
      const stream = canvas.captureStream(15);
      const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 70_000 });
      const parts = [];
      recorder.ondataavailable = (event) => parts.push(event.data);
      const done = new Promise((resolve) => (recorder.onstop = resolve));
      const started = performance.now();
      const draw = () => {
        const t = (performance.now() - started) / 1000;
        const index = chapters.findLastIndex(([, start]) => t >= start);
        const [title, start] = chapters[Math.max(0, index)];
        g.fillStyle = colour;
        g.fillRect(0, 0, 640, 360);
        g.fillStyle = 'rgba(255,255,255,0.12)';
        for (let i = 0; i < 6; i += 1) g.fillRect(((t * 40 + i * 120) % 760) - 120, 250 + (i % 2) * 30, 80, 80);
        g.fillStyle = '#ffd43b';
        g.beginPath();
        g.arc(320 + Math.sin(t * 1.3) * 200, 130, 26, 0, Math.PI * 2);
        g.fill();
        g.fillStyle = '#ffffff';
        g.font = 'bold 16px sans-serif';
        g.fillText(`Chapter ${index + 1} of ${chapters.length}`, 32, 44);
        g.font = 'bold 34px sans-serif';
        g.fillText(title, 32, 210);
        g.font = '18px sans-serif';
        g.fillText(`${Math.floor(t - start)} s into this chapter`, 32, 240);
        g.fillStyle = 'rgba(255,255,255,0.3)';
        g.fillRect(32, 320, 576, 8);
        g.fillStyle = '#ffffff';
        g.fillRect(32, 320, Math.min(576, (576 * t) / seconds), 8);
      };
      recorder.start(1000);
      await new Promise((resolve) => {
        const tick = () => {
          draw();
          if (performance.now() - started < seconds * 1000) requestAnimationFrame(tick);
          else resolve();
        };
        tick();
      });
      recorder.stop();
      await done;
      const bytes = new Uint8Array(await new Blob(parts, { type: 'video/webm' }).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    }, film);
    const buffer = withDuration(Buffer.from(base64, 'base64'), film.seconds);
    await writeFile(path.join(root, 'assets', 'demo-films', film.file), buffer);
    console.log(`${film.file}: ${(buffer.length / 1024).toFixed(0)} KB, ${film.seconds} s`);
  }
} finally {
  await browser.close();
}
