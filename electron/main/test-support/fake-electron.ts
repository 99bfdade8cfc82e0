// A stand-in for the 'electron' module in the shell's unit tests (the Electron binary cannot run on
// the build machines). Each test file mocks 'electron' with it:
//   vi.mock('electron', () => import('./test-support/fake-electron'));
// Only what electron/main uses is here; objects record what the shell asked of them, emitters let
// a test fire the events Electron would. resetFakes() in beforeEach gives every test a fresh state.
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

type Handler = (...args: never[]) => unknown;

export class FakeWebContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  forcefullyCrashRenderer = vi.fn();
  print = vi.fn((_options: unknown, callback?: (success: boolean, failureReason: string) => void) => callback?.(true, ''));
  printToPDF = vi.fn(async (_options: unknown) => Buffer.from('%PDF-1.4 fake'));
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
}

export class BrowserWindow extends EventEmitter {
  static instances: BrowserWindow[] = [];
  static getAllWindows = vi.fn(() => BrowserWindow.instances.filter((window) => !window.destroyed));
  static fromWebContents = vi.fn((contents: unknown) => BrowserWindow.instances.find((window) => window.webContents === contents) ?? null);

  readonly webContents = new FakeWebContents();
  destroyed = false;
  minimized = false;
  maximized = false;
  normalBounds = { x: 0, y: 0, width: 0, height: 0 };
  loadURL = vi.fn(async (_url: string) => undefined);
  show = vi.fn();
  focus = vi.fn();
  restore = vi.fn(() => {
    this.minimized = false;
  });
  maximize = vi.fn(() => {
    this.maximized = true;
  });
  setBackgroundColor = vi.fn();

  constructor(readonly options: Record<string, unknown>) {
    super();
    const { x = 0, y = 0, width = 0, height = 0 } = options as { x?: number; y?: number; width?: number; height?: number };
    this.normalBounds = { x, y, width, height };
    BrowserWindow.instances.push(this);
  }

  /** This fake where the shell's code expects Electron's type. */
  get real(): Electron.BrowserWindow {
    return this as unknown as Electron.BrowserWindow;
  }

  isDestroyed = () => this.destroyed;
  isMinimized = () => this.minimized;
  isMaximized = () => this.maximized;
  getNormalBounds = () => this.normalBounds;

  /** Fires 'close' as Electron does; true when no listener prevented it. */
  tryClose(): boolean {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    return !prevented;
  }
}

class FakeApp extends EventEmitter {
  isPackaged = false;
  requestSingleInstanceLock = vi.fn(() => true);
  quit = vi.fn();
  getVersion = vi.fn(() => '1.2.3');
  /** The system's languages, most wanted first (main speaks the first spin-desk knows until one is chosen). */
  getPreferredSystemLanguages = vi.fn((): string[] => ['en-US']);
  getPath = vi.fn((_name: string) => '/home/user/.config/spin-desk');
  setPath = vi.fn();
  /** The command line's switches, as --name=value. */
  switches = new Map<string, string>();
  commandLine = { getSwitchValue: vi.fn((name: string) => this.switches.get(name) ?? '') };
  whenReady = vi.fn(async () => undefined);
  exit = vi.fn((_code?: number) => undefined);

  /** Fires 'before-quit'; true when no listener prevented it. */
  tryQuit(): boolean {
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => (prevented = true) });
    return !prevented;
  }
}

export const app = new FakeApp();

export const ipcMain = {
  handlers: new Map<string, Handler>(),
  handle: vi.fn((channel: string, handler: Handler) => {
    ipcMain.handlers.set(channel, handler);
  }),
  on: vi.fn(),
};

export const protocol = {
  handlers: new Map<string, (request: Request) => Promise<Response>>(),
  registerSchemesAsPrivileged: vi.fn(),
  handle: vi.fn((scheme: string, handler: (request: Request) => Promise<Response>) => {
    protocol.handlers.set(scheme, handler);
  }),
};

export const net = { fetch: vi.fn<(url: string, init?: unknown) => Promise<Response>>() };

export const session = {
  defaultSession: {
    permissionRequest: undefined as Handler | undefined,
    permissionCheck: undefined as Handler | undefined,
    setPermissionRequestHandler: vi.fn((handler: Handler) => {
      session.defaultSession.permissionRequest = handler;
    }),
    setPermissionCheckHandler: vi.fn((handler: Handler) => {
      session.defaultSession.permissionCheck = handler;
    }),
  },
};

export const dialog = {
  showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 0, checkboxChecked: false })),
  showSaveDialog: vi.fn(async (..._args: unknown[]): Promise<{ canceled: boolean; filePath?: string }> => ({ canceled: true })),
  showErrorBox: vi.fn(),
};

export const safeStorage = {
  isEncryptionAvailable: vi.fn(() => true),
  getSelectedStorageBackend: vi.fn(() => 'gnome_libsecret'),
  // Reversible and visibly not the plain text, like the real thing.
  encryptString: vi.fn((plain: string) => Buffer.from(`enc:${Buffer.from(plain).toString('hex')}`)),
  decryptString: vi.fn((cipher: Buffer) => Buffer.from(cipher.toString().replace(/^enc:/, ''), 'hex').toString()),
};

class FakeNativeTheme extends EventEmitter {
  shouldUseDarkColors = false;
  themeSource: 'system' | 'light' | 'dark' = 'light';
}
export const nativeTheme = new FakeNativeTheme();

const PRIMARY = { id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } };
export const screen = {
  displays: [PRIMARY] as { id: number; workArea: { x: number; y: number; width: number; height: number } }[],
  getPrimaryDisplay: vi.fn(() => screen.displays[0]),
  getAllDisplays: vi.fn(() => screen.displays),
};

export const crashReporter = { start: vi.fn((_options: Record<string, unknown>) => undefined) };

export const shell = { openPath: vi.fn(async (_path: string) => '') };

export const Menu = {
  buildFromTemplate: vi.fn((template: unknown) => ({ template })),
  setApplicationMenu: vi.fn(),
};

/** A fresh fake for the next test: no windows, listeners, handlers or recorded calls. */
export function resetFakes(): void {
  vi.clearAllMocks();
  BrowserWindow.instances = [];
  for (const emitter of [app, nativeTheme]) emitter.removeAllListeners();
  app.isPackaged = false;
  app.switches.clear();
  app.requestSingleInstanceLock.mockImplementation(() => true);
  ipcMain.handlers.clear();
  protocol.handlers.clear();
  session.defaultSession.permissionRequest = undefined;
  session.defaultSession.permissionCheck = undefined;
  dialog.showMessageBox.mockImplementation(async () => ({ response: 0, checkboxChecked: false }));
  dialog.showSaveDialog.mockImplementation(async () => ({ canceled: true }));
  safeStorage.isEncryptionAvailable.mockImplementation(() => true);
  safeStorage.getSelectedStorageBackend.mockImplementation(() => 'gnome_libsecret');
  nativeTheme.shouldUseDarkColors = false;
  nativeTheme.themeSource = 'light';
  screen.displays = [PRIMARY];
  shell.openPath.mockImplementation(async () => '');
}

/** The module's default export, for code that imports it as `import electron from 'electron'`. */
export default {
  app,
  ipcMain,
  protocol,
  net,
  session,
  dialog,
  safeStorage,
  nativeTheme,
  screen,
  shell,
  Menu,
  BrowserWindow,
  crashReporter,
};
