import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config';
import { HostsModule } from '../hosts/hosts.module';
import { BlobEraser } from './blob-eraser';
import { BlobMigrationRunner } from './blob-migration.runner';
import { BLOB_STORE, blobStoreOf } from './blob-store';
import { CacheTargets } from './cache-targets';
import { FilesController } from './files.controller';
import { FilesService } from './files.service';

/**
 * Files: the encrypted blob store every module writes through (BLOB_STORE), the cache routes,
 * the eraser of what nothing holds any more, and the start-up migration of the former layout.
 */
@Module({
  imports: [HostsModule],
  controllers: [FilesController],
  providers: [
    {
      provide: BLOB_STORE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => blobStoreOf(config),
    },
    CacheTargets,
    FilesService,
    BlobEraser,
    BlobMigrationRunner,
  ],
  exports: [FilesService, BLOB_STORE, BlobEraser, BlobMigrationRunner],
})
export class FilesModule {}
