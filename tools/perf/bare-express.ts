/** The yardstick: a bare Express 5 "hello" in its own process, like the gateway under test. */
import express from 'express';

const app = express();
app.get('/', (_req, res) => {
  res.send('hello');
});
const port = Number(process.env.PORT ?? 3403);
app.listen(port, '127.0.0.1', () => process.stdout.write(`listening ${port}\n`));
