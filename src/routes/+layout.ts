// The app is client-rendered: adapter-node serves the shell and the API routes.
export const ssr = false;
