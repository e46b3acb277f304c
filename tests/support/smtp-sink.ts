import { type Server, type Socket, createServer } from "node:net";

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** A minimal SMTP server that accepts every message and keeps it, to test real SMTP delivery. */
export async function startSmtpSink(): Promise<{ url: string; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server: Server = createServer((socket) => converse(socket, received));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const REPLIES: Record<string, string> = {
  EHLO: "250-sink\r\n250 8BITMIME\r\n",
  HELO: "250 sink\r\n",
  DATA: "354 End data with <CR><LF>.<CR><LF>\r\n",
  QUIT: "221 Bye\r\n",
};

function converse(socket: Socket, received: ReceivedMail[]) {
  let buffer = "";
  let mail: ReceivedMail = { from: "", to: [], data: "" };
  let readingData = false;
  socket.write("220 sink ESMTP\r\n");
  socket.on("data", (chunk) => {
    buffer += chunk.toString("utf8");
    let end: number;
    while ((end = buffer.indexOf("\r\n")) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (readingData) {
        if (line === ".") {
          readingData = false;
          received.push(mail);
          mail = { from: "", to: [], data: "" };
          socket.write("250 OK queued\r\n");
        } else {
          mail.data += `${line.startsWith("..") ? line.slice(1) : line}\n`;
        }
        continue;
      }
      const command = line.slice(0, 4).toUpperCase();
      if (command === "MAIL") mail.from = line.slice(10);
      if (command === "RCPT") mail.to.push(line.slice(8));
      if (command === "DATA") readingData = true;
      socket.write(REPLIES[command] ?? "250 OK\r\n");
      if (command === "QUIT") socket.end();
    }
  });
}
