// maildev 2.2.1 ships no type declarations; this covers the parts tools/maildev uses.
declare module 'maildev' {
  interface MailDevOptions {
    smtp?: number;
    web?: number;
    ip?: string;
    webIp?: string;
    silent?: boolean;
    verbose?: boolean;
    disableWeb?: boolean;
    mailDirectory?: string;
    hideExtensions?: string[];
  }
  export interface MailServer {
    listen(callback?: (error?: Error) => void): Promise<void>;
    close(callback?: (error?: Error) => void): void;
    on(event: string, listener: (...args: unknown[]) => void): void;
    removeAllListeners(event?: string): void;
    emit(event: string, payload: unknown): void;
    /** Hands over MailDev's own list of stored messages (the array itself, not a copy). */
    getAllEmail(done: (error: Error | null, store: { id: string }[]) => void): void;
    /** What the web UI's and REST API's "delete all" calls. */
    deleteAllEmail(done: (error: Error | null, deleted?: boolean) => void): void;
  }
  const MailDev: new (options: MailDevOptions) => MailServer;
  export default MailDev;
}
