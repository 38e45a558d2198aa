// The page's side of the studio's platform layer (app/studio/platform/web.cpp calls these), put
// into astar-studio.js with --pre-js (cmake/web_studio.cmake). What the desktop does with paths
// and the kernel, the page does here:
//   storage   $HOME (/home/web_user: settings, recent levels, autosave, opened and saved files)
//             is IndexedDB through IDBFS: read in before main; what changed is written out every
//             second and when the page is hidden (astarWriteOut: tabs share the database). A
//             reload or a closed tab gives the autosaved level back.
//   locks     a running studio holds a Web Lock per recovery session (session_lock.cpp), which
//             the browser lets go of when the tab goes; astarHeldLocks is who held one at start.
//   level=    index.html's level=URL is fetched (same origin) into ~/Opened before main; a
//             failure is kept in astarProblems for the studio to show.
//   #level=   a level in the link's fragment (Copy link): deflate-raw, base64url; decoded into
//             ~/Opened before main.
//   Open      the browser's file picker; the files go into ~/Opened and astarPicked, which the
//             studio takes each frame and opens as dropped files.
//   Save      astarDownload(path) offers a written file as a download with its name.
Module.astarProblems = Module.astarProblems || [];
Module.astarPicked = [];
Module.astarHeldLocks = [];
Module.astarLocks = {};
Module.astarHome = '/home/web_user';
Module.astarOpenedDir = '/home/web_user/Opened';

// (No destructuring: Emscripten 3.1.6's JavaScript optimizer (acorn) does not read it.)

// [SECTION] Before main: storage, locks, the link's level

// Resolved once the storage has been read in: files that come in before main (level=, #level=)
// are written after it, or reading it in would write over them.
let astarStorageRead;
const astarStorage = new Promise((resolve) => { astarStorageRead = resolve; });

Module.preRun = Module.preRun || [];
Module.preRun.push(function astarStartStorage() {
  FS.mkdirTree(Module.astarHome);
  FS.mount(IDBFS, {}, Module.astarHome);
  addRunDependency('astar-storage');
  // An entry that cannot be read in is named in the problem (IDBFS says only "FS error").
  const storeLocalEntry = IDBFS.storeLocalEntry;
  IDBFS.storeLocalEntry = (path, entry, callback) => storeLocalEntry(path, entry, (error) =>
    callback(error ? new Error(path + ': ' + (error.errno !== undefined ? 'errno ' + error.errno : error)) : error));
  FS.syncfs(true, (error) => {
    if (error) Module.astarProblems.push('Saved settings and autosaves could not be read from the browser: ' + error);
    FS.mkdirTree(Module.astarOpenedDir);
    // What the database holds: a folder made here since (~/Opened) is not in it, and goes out.
    IDBFS.getRemoteSet(FS.lookupPath(Module.astarHome).node.mount, (error, remote) => {
      if (!error) Module.astarKnown = astarFileTimes(remote);
      Module.astarStorageReady = true;
      astarStorageRead();
      removeRunDependency('astar-storage');
    });
  });
});

Module.preRun.push(function astarQueryLocks() {
  if (typeof navigator === 'undefined' || !navigator.locks) return;
  addRunDependency('astar-locks');
  // A reloaded page's own locks may not be let go of yet: a lock seen held is asked about again
  // (up to 1 s) before it counts as another tab's.
  const ask = (tries) => navigator.locks.query().then((state) => {
    const held = state.held.map((lock) => lock.name).filter((name) => name.startsWith('astar-studio:'));
    if (held.length > 0 && tries > 0) return new Promise((wait) => setTimeout(wait, 200)).then(() => ask(tries - 1));
    Module.astarHeldLocks = held;
  });
  ask(5).catch(() => {}).finally(() => removeRunDependency('astar-locks'));
});

// The name a file gets in ~/Opened: its last path part, without characters a path cannot hold.
Module.astarFileName = function (name, fallback) {
  const base = String(name).split(/[\\/]/).pop().replace(/[\u0000-\u001f]/g, '').trim();
  return base && base !== '.' && base !== '..' ? base : fallback;
};

// Writes a file that came in (picked, fetched, from a link) into ~/Opened and returns its path.
// A file there of the same name and other contents (one the user saved, say) is never written
// over: the new one becomes "name (2).json".
function astarWriteOpened(name, bytes) {
  FS.mkdirTree(Module.astarOpenedDir);
  const dot = name.lastIndexOf('.') > 0 ? name.lastIndexOf('.') : name.length;
  for (let n = 1; ; ++n) {
    const path = Module.astarOpenedDir + '/' + (n === 1 ? name : name.slice(0, dot) + ' (' + n + ')' + name.slice(dot));
    let old = null;
    try { old = FS.readFile(path); } catch (error) { /* a free name */ }
    if (old && (old.length !== bytes.length || old.some((b, i) => b !== bytes[i]))) continue;
    if (!old) FS.writeFile(path, bytes);
    return path;
  }
}

// level=URL: fetched into ~/Opened and passed as the level; a failure becomes a problem the
// studio shows (naming the URL), and the studio opens without it. Only a URL of the page's own
// site (same origin): a link must not make the page fetch from elsewhere.
Module.preRun.push(function astarFetchLevel() {
  const url = Module.astarLevelUrl;
  if (!url) return;
  let where;
  try {
    where = new URL(url, location.href);
  } catch (error) {
    Module.astarProblems.push('level=' + url + ': not a URL');
    return;
  }
  if (where.origin !== location.origin) {
    Module.astarProblems.push('level=' + url + ': only a level on this site (' + location.origin + ') opens from a link');
    return;
  }
  addRunDependency('astar-level');
  const name = Module.astarFileName(decodeURIComponent(where.pathname), 'level.json');
  fetch(where).then((response) => {
    if (!response.ok) throw new Error('HTTP ' + response.status + (response.statusText ? ' ' + response.statusText : ''));
    return response.arrayBuffer();
  }).then((buffer) => astarStorage.then(() => {
    Module['arguments'].unshift(astarWriteOpened(name, new Uint8Array(buffer)));
  })).catch((error) => {
    Module.astarProblems.push('level=' + url + ': cannot open: ' + (error.message || error));
  }).finally(() => removeRunDependency('astar-level'));
});

// #level=<base64url of the level's JSON, deflate-raw>&name=<file name>: Copy link's fragment.
function astarBase64UrlBytes(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
function astarBytesBase64Url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
async function astarInflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
async function astarDeflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

Module.preRun.push(function astarLinkLevel() {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const packed = fragment.get('level');
  if (packed === null) return;
  const name = Module.astarFileName(fragment.get('name') || '', 'linked-level.json');
  addRunDependency('astar-link');
  Promise.resolve().then(() => astarInflate(astarBase64UrlBytes(packed))).then((bytes) => astarStorage.then(() => {
    Module['arguments'].unshift(astarWriteOpened(name, bytes));
  })).catch((error) => {
    console.error('A* Studio: the link\'s level does not unpack: ' + (error.message || error));
    Module.astarProblems.push('The link\'s level (#level=, ' + packed.length + ' characters) is cut short or damaged: ' +
                              'it does not unpack into a level. Ask for the link again, or for the level\'s file.');
  }).finally(() => removeRunDependency('astar-link'));
});

// [SECTION] While the studio runs: storage written out

// What this tab last knew of each file in $HOME (path -> modification time): read in at start,
// then what it wrote. Another tab shares the same IndexedDB, and IDBFS's own syncfs would make the
// database a copy of this tab's files, deleting the other tab's autosave and writing back
// settings this tab never changed. So only what changed here goes out, and only what was deleted
// here is deleted there.
Module.astarKnown = new Map();
function astarFileTimes(set) {
  const times = new Map();
  for (const path of Object.keys(set.entries)) times.set(path, set.entries[path].timestamp.getTime());
  return times;
}
function astarWriteOut(done) {
  const mount = FS.lookupPath(Module.astarHome).node.mount;
  IDBFS.getLocalSet(mount, (error, local) => {
    if (error) return done(error);
    const now = astarFileTimes(local);
    // Nothing written or deleted here since the last time: the database is not even opened.
    let same = now.size === Module.astarKnown.size;
    now.forEach((time, path) => { same = same && Module.astarKnown.get(path) === time; });
    if (same) return done(null);
    IDBFS.getRemoteSet(mount, (error, remote) => {
      if (error) return done(error);
      now.forEach((time, path) => {
        if (Module.astarKnown.get(path) === time) { delete local.entries[path]; delete remote.entries[path]; }
      });
      for (const path of Object.keys(remote.entries))
        if (!now.has(path) && !Module.astarKnown.has(path)) delete remote.entries[path];
      IDBFS.reconcile(local, remote, (error) => {
        if (!error) Module.astarKnown = now;
        done(error);
      });
    });
  });
}

// Module.astarLastPersist: a time before which every change is in the browser's storage.
let astarSyncing = false, astarSyncAgain = false;
Module.astarPersist = function () {
  if (!Module.astarStorageReady) return;
  if (astarSyncing) { astarSyncAgain = true; return; }
  astarSyncing = true;
  const started = Date.now();
  astarWriteOut((error) => {
    astarSyncing = false;
    if (error) console.error('A* Studio: saving to the browser\'s storage failed: ' + error);
    else Module.astarLastPersist = started;
    if (astarSyncAgain) { astarSyncAgain = false; Module.astarPersist(); }
  });
};
setInterval(() => Module.astarPersist(), 1000);

// The page is hidden or left: the studio autosaves now (its main loop stops with the page's
// animation frames), the storage is written out and the tab's locks are let go of.
function astarLeaving() {
  if (Module._astar_page_hidden && Module.calledRun) Module._astar_page_hidden();
  Module.astarPersist();
}
document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') astarLeaving(); });
window.addEventListener('pagehide', () => {
  astarLeaving();
  for (const name of Object.keys(Module.astarLocks)) Module.astarReleaseLock(name);
});

// [SECTION] Session locks (session_lock.cpp)

Module.astarHoldLock = function (name) {
  if (typeof navigator === 'undefined' || !navigator.locks) return;
  navigator.locks.request(name, { ifAvailable: true }, (lock) => {
    if (!lock) return undefined;
    return new Promise((release) => { Module.astarLocks[name] = release; });
  });
};
Module.astarReleaseLock = function (name) {
  const release = Module.astarLocks[name];
  delete Module.astarLocks[name];
  if (release) release();
};

// [SECTION] Open and Save

// One hidden <input type=file> in the page, kept (an element nobody holds may be collected before
// the user has chosen, and its change never comes); emptied before each use, so that the same file
// picked again opens again.
Module.astarPickFiles = function () {
  let input = Module.astarPicker;
  if (!input) {
    input = Module.astarPicker = document.createElement('input');
    input.type = 'file';
    input.accept = '.json,.map,.tmj,.png,.jpg,.jpeg,.yaml,.yml,.jsonl,.txt,.plan,.log';
    input.style.display = 'none';
    document.body.appendChild(input);
    input.addEventListener('change', async () => {
      for (const file of input.files) {
        const name = Module.astarFileName(file.name, 'opened-file');
        try {
          Module.astarPicked.push(astarWriteOpened(name, new Uint8Array(await file.arrayBuffer())));
        } catch (error) {
          console.error('A* Studio: ' + name + ' could not be read: ' + (error.message || error));
        }
      }
    });
  }
  input.value = '';
  input.click();
};

Module.astarDownload = function (path) {
  astarOfferBytes(FS.readFile(path), path.split('/').pop());
  Module.astarPersist();
};
function astarOfferBytes(bytes, name) {
  const types = { json: 'application/json', png: 'image/png', gif: 'image/gif', map: 'text/plain' };
  const type = types[name.split('.').pop().toLowerCase()] || 'application/octet-stream';
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

// [SECTION] Copy link

// The page's address with `query` and the level's JSON text packed into the fragment, onto the
// clipboard. `limit`: the longest link offered; a longer one is
// refused and the level is offered as a download instead. Reports to the studio through
// _astar_link_done(ok, text).
Module.astarCopyLink = async function (levelJson, name, query, limit) {
  let ok = 0, text;
  try {
    const packed = astarBytesBase64Url(await astarDeflate(new TextEncoder().encode(levelJson)));
    const base = location.origin + location.pathname;
    const link = base + (query ? '?' + query : '') + '#name=' + encodeURIComponent(name) + '&level=' + packed;
    if (link.length > limit) {
      text = 'The link would be ' + link.length.toLocaleString('en') + ' characters, over the ' +
             limit.toLocaleString('en') + ' a link can hold: the level is offered as a download (' + name + ') instead';
      astarOfferBytes(new TextEncoder().encode(levelJson), name);
    } else {
      await navigator.clipboard.writeText(link);
      ok = 1;
      text = 'Link copied (' + link.length.toLocaleString('en') + ' characters): it opens this level and search';
    }
  } catch (error) {
    text = 'Copy link failed: ' + (error.message || error) +
           ' (the browser may refuse the clipboard to a page without focus: try again)';
  }
  Module.ccall('astar_link_done', null, ['number', 'string'], [ok, text]);
};
