-- Added by hand: rows of templates deleted before the foreign key existed (they hid nothing any more);
-- the constraint would refuse them.
DELETE FROM "KeptTemplate" WHERE "templateId" NOT IN (SELECT "id" FROM "EmailTemplate");

-- AddForeignKey
ALTER TABLE "KeptTemplate" ADD CONSTRAINT "KeptTemplate_templateId_fkey" FOREIGN KEY ("templateId") REFERENCES "EmailTemplate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

