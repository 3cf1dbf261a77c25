/**
 * Imported first by the local stack. cognito-local loads AWS SDK v2, which prints a maintenance notice
 * on load, and SDK v3 warns about Node 20 (Lambda runs Node 22). Neither is actionable on a dev machine
 * that must run Node 20, and both would bury the start-up banner. An explicit setting still wins.
 */
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export {};
