import { Body, Delete, Get, Headers, HttpCode, Patch, Post, Req, Res } from '@nestjs/common';
import {
  ApiBody, ApiConflictResponse, ApiConsumes, ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiPartialContentResponse,
  ApiRequestedRangeNotSatisfiableResponse, ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { attachmentDisposition, sendRanged, readUpload, withSpooledUpload, IdParam } from '../../../../platform/http/index.js';
import { AdminController } from '../../../identity/index.js';
import { ProductMediaAdminService } from '../../application/admin/product-media-admin.service.js';
import type { AdminFileView, AdminImageView, AdminVideoView } from '../../application/admin/admin-views.js';
import { IMAGE_TYPES, PRODUCT_FILE_TYPES, UPLOAD_MAX_BYTES, VIDEO_TYPES } from '../../application/admin/uploaded-file.js';
import { FileUploadFields, ImageUploadFields, UpdateImageRequest, VideoLinkRequest, VideoUploadFields } from './admin-media.requests.js';
import { validated } from './admin-request-rules.js';

/**
 * A product's images, videos and files. Uploads are multipart/form-data with the file in `file`; its
 * type is sniffed from the bytes (names and claimed types are ignored) and its size bounded. Images are read
 * into memory (they are re-encoded whole); videos and files are spooled to disk as they arrive and streamed
 * into storage, so a 200 MB upload never sits in memory.
 */
@AdminController('api/admin/products/:id', 'catalogue')
export class AdminProductMediaController {
  constructor(private readonly media: ProductMediaAdminService) {}

  @Post('images')
  @ApiConsumes('multipart/form-data')
  @ApiCreatedResponse({ description: 'The image (stored as WebP, with its width and height), last in the gallery.' })
  @ApiUnprocessableEntityResponse({ description: '`errors.file`: not a PNG, JPEG or WebP image (SVG never), or over 5 MB; `errors.alt`.' })
  async addImage(@IdParam() productId: number, @Req() request: FastifyRequest): Promise<AdminImageView> {
    const upload = await readUpload(request, { maxBytes: UPLOAD_MAX_BYTES.image, allowed: IMAGE_TYPES });
    const fields = await validated(ImageUploadFields, upload.fields);
    return this.media.addImage(productId, upload, fields.alt ?? '');
  }

  @Patch('images/:imageId')
  @ApiOkResponse({ description: 'The image with its new alt text and/or sort order.' })
  updateImage(@IdParam() productId: number, @IdParam('imageId') imageId: number, @Body() body: UpdateImageRequest): Promise<AdminImageView> {
    return this.media.updateImage(productId, imageId, { alt: body.alt, sortOrder: body.sort_order });
  }

  @Delete('images/:imageId')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted, with its stored file.' })
  async removeImage(@IdParam() productId: number, @IdParam('imageId') imageId: number): Promise<void> {
    await this.media.removeImage(productId, imageId);
  }

  @Post('videos')
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({ type: VideoLinkRequest, description: 'JSON `{title, url, is_preview}`, or multipart with `file` (MP4/WebM ≤ 200 MB), `title`, `is_preview`.' })
  @ApiCreatedResponse({ description: 'The video (an uploaded one is stored privately).' })
  @ApiUnprocessableEntityResponse({ description: 'Field errors (`errors.url`: not an https YouTube/Vimeo/video-file address; `errors.file`).' })
  async addVideo(@IdParam() productId: number, @Req() request: FastifyRequest): Promise<AdminVideoView> {
    if (typeof request.isMultipart === 'function' && request.isMultipart()) {
      return withSpooledUpload(request, { maxBytes: UPLOAD_MAX_BYTES.video, allowed: VIDEO_TYPES }, async (upload) => {
        const fields = await validated(VideoUploadFields, upload.fields);
        return this.media.uploadVideo(productId, { title: fields.title, isPreview: fields.is_preview ?? true }, upload);
      });
    }
    const body = await validated(VideoLinkRequest, request.body);
    return this.media.addVideoLink(productId, { title: body.title, url: body.url, isPreview: body.is_preview ?? true });
  }

  @Delete('videos/:videoId')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted (an uploaded video\'s stored file too).' })
  async removeVideo(@IdParam() productId: number, @IdParam('videoId') videoId: number): Promise<void> {
    await this.media.removeVideo(productId, videoId);
  }

  @Post('files')
  @ApiConsumes('multipart/form-data')
  @ApiCreatedResponse({ description: 'The file (stored privately), with its admin download_url.' })
  @ApiUnprocessableEntityResponse({ description: '`errors.file`: not a PDF, ZIP, PPTX, DOCX, XLSX, MP4, WebM or MP3 (by content), or over 200 MB.' })
  async addFile(@IdParam() productId: number, @Req() request: FastifyRequest): Promise<AdminFileView> {
    return withSpooledUpload(request, { maxBytes: UPLOAD_MAX_BYTES.file, allowed: PRODUCT_FILE_TYPES }, async (upload) => {
      const fields = await validated(FileUploadFields, upload.fields);
      return this.media.addFile(productId, upload, fields.name);
    });
  }

  @Delete('files/:fileId')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted, with its stored file.' })
  @ApiConflictResponse({ description: 'A download option unlocks this file: change or delete the option first.' })
  async removeFile(@IdParam() productId: number, @IdParam('fileId') fileId: number): Promise<void> {
    await this.media.removeFile(productId, fileId);
  }

  @Get('files/:fileId/download')
  @ApiOkResponse({ description: 'The file itself, as an attachment (`Accept-Ranges: bytes`).' })
  @ApiPartialContentResponse({ description: 'The byte range asked for with `Range: bytes=a-b` (a video can be sought, a download resumed).' })
  @ApiRequestedRangeNotSatisfiableResponse({ description: 'The range starts past the end of the file.' })
  @ApiNotFoundResponse({ description: 'No file of this product has that id.' })
  async download(
    @IdParam() productId: number, @IdParam('fileId') fileId: number, @Headers('range') range: string | undefined, @Res() reply: FastifyReply,
  ): Promise<void> {
    const file = await this.media.openFile(productId, fileId, range);
    void reply.header('content-disposition', attachmentDisposition(file.name));
    await sendRanged(reply, file);
  }
}
