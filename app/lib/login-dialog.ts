// One login dialog for the whole page: anything (an error handler, a button) may ask for it.
type Listener = (request: LoginRequest) => void;
export interface LoginRequest {
  /** Where to go after a successful login; default: stay and reload data. */
  redirectTo?: string;
}

const listeners = new Set<Listener>();

export function openLoginDialog(request: LoginRequest = {}) {
  for (const l of listeners) l(request);
}

export function onLoginDialogRequest(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
