"use client";
// Uploading files to the image library, with a visible state per file (uploading, or why it failed),
// shared by the library panel and by drops onto an image block in the editor.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { refusal, uploadImage, type LibraryImage } from "./images-api";
import { userMessage } from "@/components/ui/messages";

export type Upload = { key: string; name: string; state: "uploading" | "failed"; message?: string };

let counter = 0;

export function useImageUploads() {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);

  const upload = useCallback(
    async (files: File[]): Promise<{ done: LibraryImage[]; failed: string[] }> => {
      const done: LibraryImage[] = [];
      const failed: string[] = [];
      await Promise.all(
        files.map(async (file) => {
          const key = `upload-${++counter}`;
          const refused = refusal(file);
          if (refused) {
            failed.push(refused);
            setUploads((u) => [...u, { key, name: file.name, state: "failed", message: refused }]);
            return;
          }
          setUploads((u) => [...u, { key, name: file.name, state: "uploading" }]);
          try {
            done.push(await uploadImage(file));
            setUploads((u) => u.filter((x) => x.key !== key));
          } catch (error) {
            const message = userMessage(error);
            failed.push(`${file.name}: ${message}`);
            setUploads((u) => u.map((x) => (x.key === key ? { ...x, state: "failed", message } : x)));
          }
        }),
      );
      if (done.length > 0) await queryClient.invalidateQueries({ queryKey: ["images"] });
      return { done, failed };
    },
    [queryClient],
  );

  const dismiss = useCallback((key: string) => setUploads((u) => u.filter((x) => x.key !== key)), []);
  return { uploads, upload, dismiss };
}
