-- CreateTable
CREATE TABLE "OrderAdjustment" (
    "brandId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "eventName" TEXT NOT NULL,
    "eventKey" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "at" DATETIME NOT NULL,

    PRIMARY KEY ("brandId", "orderId", "eventName", "eventKey")
);

