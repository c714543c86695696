import type { Connection, Model, Schema } from 'mongoose';

/** The model `name` on this connection, defined once (a second factory call reuses it). */
export function define<T>(db: Connection, name: string, schema: Schema<T>): Model<T> {
  return (db.models[name] as Model<T> | undefined) ?? db.model<T>(name, schema);
}
