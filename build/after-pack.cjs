// electron-builder afterPack hook: flips Electron's fuses on the packaged binary so that it cannot
// be turned into a general-purpose Node runtime or have its code swapped (Electron security
// checklist). Runs on every platform electron-builder packages for.
const path = require('node:path');
const { flipFuses, FuseVersion, FuseV1Options } = require('@electron/fuses');

const BINARY_NAME = {
  darwin: (context) => `${context.packager.appInfo.productFilename}.app`,
  mas: (context) => `${context.packager.appInfo.productFilename}.app`,
  win32: (context) => `${context.packager.appInfo.productFilename}.exe`,
  linux: (context) => context.packager.executableName,
};

exports.default = async function afterPack(context) {
  const platform = context.electronPlatformName;
  const binary = path.join(context.appOutDir, BINARY_NAME[platform](context));
  await flipFuses(binary, {
    version: FuseVersion.V1,
    resetAdHocDarwinSignature: platform === 'darwin' && context.arch === 3, // arm64 needs re-signing
    strictlyRequireAllFuses: true,
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  });
};
